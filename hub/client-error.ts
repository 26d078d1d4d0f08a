// Requests Node's HTTP parser refuses before Fastify sees them (a header block over 16 KiB, a
// header line without a colon, a bad Content-Length or chunk size) get an answer in the
// hub's error shape too, { data: null, errors: [{ message, extensions: { code } }] }, like
// every other HTTP-level error; the connection is closed after it.
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'

export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  // The client is gone, or the answer has begun: nothing more can be said.
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy()
    return
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  const message =
    status === 431
      ? 'The request headers are larger than 16 KiB'
      : 'The HTTP request is malformed and could not be read'
  const body = JSON.stringify({ data: null, errors: [{ message, extensions: { code: status } }] })
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  )
}
