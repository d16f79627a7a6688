// A counter of changes made through this process's auth API: a session cache (ADR 186) forgets
// what it knew whenever it moves. Every request that is not a read may sign someone out, ban,
// change a password, a factor or an e-mail, delete a user or revoke a refresh-token family.
let epoch = 0

export const authEpoch = () => epoch

export function authChanged() {
  epoch++
}
