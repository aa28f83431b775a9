import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WebSocket } from 'ws'
import { SocketSender } from './socket-sender.ts'

/** A socket whose unsent backlog the test controls, recording what was sent and how it closed. */
function fakeSocket() {
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    sent: [] as string[],
    closed: undefined as { code: number; reason: string } | undefined,
    send(text: string) {
      socket.sent.push(text)
    },
    close(code: number, reason: string) {
      socket.closed = { code, reason }
      socket.readyState = 3
    },
  }
  return socket
}

afterEach(() => {
  vi.useRealTimers()
})

describe('SocketSender', () => {
  it('sends at once while the client keeps up', () => {
    const socket = fakeSocket()
    const sender = new SocketSender(socket as unknown as WebSocket, { highWaterBytes: 100, maxBacklogMs: 1_000 })
    sender.sendLatest('1', 'a')
    sender.send('b')
    expect(socket.sent).toEqual(['a', 'b'])
  })

  it('keeps only the newest result per operation while backed up, and sends it when drained', () => {
    vi.useFakeTimers()
    const socket = fakeSocket()
    const sender = new SocketSender(socket as unknown as WebSocket, { highWaterBytes: 100, maxBacklogMs: 1_000 })
    socket.bufferedAmount = 500
    sender.sendLatest('1', 'old-1')
    sender.sendLatest('2', 'only-2')
    sender.sendLatest('1', 'new-1')
    expect(socket.sent).toEqual([])
    socket.bufferedAmount = 0
    vi.advanceTimersByTime(60)
    expect(socket.sent).toEqual(['only-2', 'new-1'])
  })

  it('closes a client that stays backed up, with a code that lets it reconnect', () => {
    vi.useFakeTimers()
    const socket = fakeSocket()
    const sender = new SocketSender(socket as unknown as WebSocket, { highWaterBytes: 100, maxBacklogMs: 1_000 })
    socket.bufferedAmount = 500
    sender.sendLatest('1', 'a')
    vi.advanceTimersByTime(1_100)
    expect(socket.closed).toEqual({ code: 1013, reason: 'Client too slow to receive results' })
    expect(socket.sent).toEqual([])
  })

  it('gathers the frames of one turn of the event loop into one write of the connection', async () => {
    const socket = fakeSocket()
    const events: string[] = []
    const connection = { cork: () => events.push('cork'), uncork: () => events.push('uncork') }
    socket.send = (text: string) => void events.push(text)
    const sender = new SocketSender(socket as unknown as WebSocket, { highWaterBytes: 100, maxBacklogMs: 1_000 }, connection)
    sender.sendLatest('1', 'a')
    sender.send('b')
    sender.sendLatest('2', 'c')
    await new Promise((resolve) => process.nextTick(resolve))
    sender.send('d')
    await new Promise((resolve) => process.nextTick(resolve))
    expect(events).toEqual(['cork', 'a', 'b', 'c', 'uncork', 'cork', 'd', 'uncork'])
  })
})
