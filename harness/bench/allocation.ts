import v8 from "node:v8";

/** What the heap did while a function ran on this thread. */
export interface Allocation<T> {
  value: T;
  /**
   * Bytes allocated on this thread's heap: what the heap held before each collection minus what it held after the
   * one before (or at the start), plus the growth since the last collection. Counts everything that became garbage
   * in the young generation, which is what makes a thread collect; objects that escape analysis removed never count.
   */
  allocatedBytes: number;
  /** Young-generation collections (scavenges), and the rest (mark-compacts, incremental marking steps). */
  scavenges: number;
  otherCollections: number;
  /** Time this thread spent in collections, ms (pauses only: V8's helper threads are not counted). */
  gcPauseMs: number;
}

/**
 * Runs `fn` while V8's GC profiler records every collection of this thread's heap, and returns its value with
 * the bytes it allocated and the collections it caused. Allocation is the one cost figure of a run this host's
 * swings do not move: the same steps allocate the same bytes, so a change to the step shows in it even when its
 * effect on wall time is lost in the noise. Other work on this thread while `fn` runs (awaited promises of
 * others) counts too: measure with nothing else going on.
 */
export async function measureAllocation<T>(fn: () => T | Promise<T>): Promise<Allocation<T>> {
  const profiler = new v8.GCProfiler();
  const start = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  let value: T;
  let data: v8.GCProfilerResult;
  try {
    value = await fn();
  } finally {
    // stopped in any case: a profiler left running keeps recording every later collection
    data = profiler.stop();
  }
  const end = v8.getHeapStatistics().used_heap_size;
  let allocatedBytes = 0;
  let held = start;
  let scavenges = 0;
  let otherCollections = 0;
  let gcPauseUs = 0;
  for (const gc of data.statistics) {
    allocatedBytes += Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - held);
    held = gc.afterGC.heapStatistics.usedHeapSize;
    if (gc.gcType === "Scavenge" || gc.gcType === "MinorMarkSweep") scavenges++;
    else otherCollections++;
    gcPauseUs += gc.cost;
  }
  allocatedBytes += Math.max(0, end - held);
  return { value, allocatedBytes, scavenges, otherCollections, gcPauseMs: gcPauseUs / 1000 };
}
