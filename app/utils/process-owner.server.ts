// Who holds a lock (ADR 213): this process as `machine/pid/boot`, the machine being the host name
// and the pid namespace (two containers on one host do not see each other's pids). A holder on
// this machine whose pid no longer runs, or this very pid from an earlier boot, is dead: its lock
// is taken over at once instead of after its heartbeat goes stale.
import { randomBytes } from 'node:crypto'
import { readlinkSync } from 'node:fs'
import { hostname } from 'node:os'

const pidNamespace = () => {
  try {
    return readlinkSync('/proc/self/ns/pid').replace(/\D/g, '')
  } catch {
    return ''
  }
}

export const processOwner = `${hostname()}~${pidNamespace()}/${process.pid}/${randomBytes(6).toString('hex')}`

const pidRuns = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** True when `owner` is known dead from here; false when it runs or may run on another machine. */
export function isDeadOwner(owner: string | null, self = processOwner): boolean {
  if (!owner) return true
  if (owner === self) return false
  const [machine, pid] = owner.split('/')
  const [selfMachine, selfPid] = self.split('/')
  if (machine !== selfMachine) return false
  if (pid === selfPid) return true
  const n = Number(pid)
  return !Number.isSafeInteger(n) || n <= 0 || !pidRuns(n)
}
