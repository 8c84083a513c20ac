/** Password length bounds (OWASP ASVS 2.1): shown as inline rules in the web app, enforced by the API. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
