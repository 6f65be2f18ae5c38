/** A WebSocket stand-in for tests of stream screens: the test plays the server. */
export class FakeStreamSocket {
  static all: FakeStreamSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onopen: (() => void) | null = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeStreamSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    this.onopen?.();
  }

  /** The server sends one frame (an object is sent as JSON, a string as is). */
  receive(frame: unknown) {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.onmessage?.({ data } as MessageEvent);
  }

  /** The server (or the network) closes the connection. */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }

  static latest(): FakeStreamSocket {
    const last = FakeStreamSocket.all.at(-1);
    if (!last) throw new Error('no socket was opened');
    return last;
  }

  static reset() {
    FakeStreamSocket.all = [];
  }

  static create = (url: string) => new FakeStreamSocket(url) as unknown as WebSocket;
}
