declare module 'fxa-common-password-list' {
  const commonPasswords: { test(password: string): boolean }
  export default commonPasswords
}
