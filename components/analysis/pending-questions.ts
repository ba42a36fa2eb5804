/**
 * Questions asked of the analysis Worker besides an analysis (which keys a file holds, a generated
 * cluster, an export), each waiting for its one answer by request id. When the Worker is lost, every
 * question still waiting gets the answer its asker gave for that case, so no promise hangs.
 */
import type { AnalysisResponse } from "@/lib/bridge/protocol";

type Settle = (response: AnalysisResponse | undefined) => void;

export class PendingQuestions {
  private readonly waiting = new Map<number, Settle>();

  /**
   * Wait for the answer to request `id`: `read` turns the Worker's response into the asker's value,
   * `lost` is the value when the Worker stops before answering.
   */
  ask<T>(id: number, settle: (value: T) => void, read: (response: AnalysisResponse) => T, lost: T): void {
    this.waiting.set(id, (response) => settle(response ? read(response) : lost));
  }

  /** Settle the question `response` answers; false when it answers none (an analysis's response). */
  answer(response: AnalysisResponse): boolean {
    const settle = this.waiting.get(response.id);
    if (!settle) return false;
    this.waiting.delete(response.id);
    settle(response);
    return true;
  }

  /** The Worker is gone: each waiting question gets its `lost` value. */
  abandon(): void {
    const settles = [...this.waiting.values()];
    this.waiting.clear();
    for (const settle of settles) settle(undefined);
  }
}
