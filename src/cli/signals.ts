// The signals a long-running command (chem serve, chem mcp) listens to: the process by default, an
// EventEmitter in tests.
export interface Signals {
  on(event: 'SIGHUP' | 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(event: 'SIGHUP' | 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}
