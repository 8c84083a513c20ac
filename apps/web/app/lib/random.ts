/** A URL-safe random string from the CSPRNG, for OAuth state and ID-token nonces. */
export function createRandomToken(bytes = 24): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes))
  return btoa(String.fromCharCode(...values))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}
