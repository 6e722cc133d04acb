import type { ExportMessage, ExportRequest, GenerateRequest, PictureRequest, WorkerMessage } from './protocol.js';

/** Messages about a generation: its progress, its steps, its maze or its error. */
export type GenerationListener = (message: WorkerMessage) => void;

/**
 * The maze worker, restartable: a generation runs to its end inside the worker, so the page
 * cancels one by terminating the worker and starting a fresh one. Pictures and exports are
 * requests with negative ids answered by promises; a restart rejects the ones still open.
 */
export class WorkerClient {
  private worker: Worker;
  private readonly waiters = new Map<number, { resolve: (message: WorkerMessage) => void; reject: (error: Error) => void }>();
  private requestCount = 0;
  /** True from a generate request until its 'done' or 'error'. */
  busy = false;

  constructor(
    private readonly onGeneration: GenerationListener,
    private readonly onFailure: (message: string) => void,
  ) {
    this.worker = this.start();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => this.receive(event.data);
    worker.onerror = (event) => this.onFailure(`The maze worker failed: ${event.message}`);
    return worker;
  }

  private receive(message: WorkerMessage): void {
    if (message.id < 0) {
      const waiter = this.waiters.get(message.id);
      this.waiters.delete(message.id);
      if (message.type === 'error') waiter?.reject(new Error(message.message));
      else waiter?.resolve(message);
      return;
    }
    if (message.type === 'done' || message.type === 'error') this.busy = false;
    this.onGeneration(message);
  }

  generate(request: GenerateRequest): void {
    this.busy = true;
    this.worker.postMessage(request);
  }

  /** Stops whatever the worker does (a generation, a picture, an export) and starts a fresh one. */
  restart(reason: string): void {
    this.worker.terminate();
    this.busy = false;
    for (const waiter of this.waiters.values()) waiter.reject(new Error(reason));
    this.waiters.clear();
    this.worker = this.start();
  }

  /** Stops the worker for good (the page is closed). */
  terminate(): void {
    this.worker.terminate();
  }

  private ask<T extends WorkerMessage>(request: PictureRequest | ExportRequest, transfer: Transferable[]): Promise<T> {
    return new Promise((resolve, reject) => {
      this.waiters.set(request.id, { resolve: resolve as (message: WorkerMessage) => void, reject });
      this.worker.postMessage(request, transfer);
    });
  }

  /** The screen image drawn in the worker: RGBA pixels. */
  async picture(request: Omit<PictureRequest, 'id' | 'type'>): Promise<ArrayBuffer> {
    const transfer: Transferable[] = [request.data];
    if (request.path) transfer.push(request.path.buffer);
    const answer = await this.ask<{ type: 'picture'; id: number; pixels: ArrayBuffer }>(
      { ...request, type: 'picture', id: -++this.requestCount },
      transfer,
    );
    return answer.pixels;
  }

  /** An export file made in the worker. */
  export(request: Omit<ExportRequest, 'id' | 'type'>): Promise<ExportMessage> {
    const transfer: Transferable[] = [request.data];
    if (request.path) transfer.push(request.path.buffer);
    return this.ask<ExportMessage>({ ...request, type: 'export', id: -++this.requestCount }, transfer);
  }
}
