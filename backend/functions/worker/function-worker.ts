/**
 * A functions worker: a child process of the backend (started by worker-process.ts with tsx's
 * loader) serving the project's functions on a loopback port it reports over IPC. It answers the
 * backend's heartbeat pings so that a worker stuck in a busy loop is noticed, and exits with
 * the backend.
 */
import type { AddressInfo } from 'node:net'
import { createFunctionsApp } from './create-functions-app.ts'
import type { WorkerMessage } from './worker-messages.ts'

const functionsDir = process.argv[2]
if (!functionsDir || !process.send) throw new Error('function-worker.ts is started by the backend with IPC and the functions folder')

const send = (message: WorkerMessage) => process.send!(message)
const app = await createFunctionsApp(functionsDir, (level, message, fields) => send({ type: 'log', level, message, fields }))
const server = app.listen(0, '127.0.0.1', () => send({ type: 'ready', port: (server.address() as AddressInfo).port }))
// The backend holds kept-alive connections and enforces the time limit itself.
server.keepAliveTimeout = 0
server.requestTimeout = 0

process.on('message', (message) => {
  if (message === 'ping') send({ type: 'pong' })
})
process.on('disconnect', () => process.exit(0))
// A stop signal to the process group (Ctrl-C, systemd) reaches the workers too: the backend ends
// them itself once the event deliveries and calls they serve are done.
process.on('SIGINT', () => undefined)
process.on('SIGTERM', () => undefined)
