/** What a functions worker tells the backend over IPC. */
export type WorkerMessage =
  | { type: 'ready'; port: number }
  | { type: 'pong' }
  | { type: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; message: string; fields: Record<string, unknown> }
