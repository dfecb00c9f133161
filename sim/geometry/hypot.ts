/**
 * `Math.hypot(x, y)` to the last bit, without its allocation.
 *
 * V8's `Math.hypot` is a rest-parameter builtin: every call allocates an array of its arguments' absolute
 * values, and TurboFan does not inline it. Distances are taken in the hot loops of navigation, reach and
 * placement, where those arrays were kilobytes of garbage a step. This is V8's own algorithm for two
 * arguments (builtins/math.tq `MathHypot`: ±Infinity wins over NaN, NaN over everything else, then both
 * values divided by the larger and summed with Kahan's compensation, square root times the larger), so
 * every result is the same double `Math.hypot` gives and trajectories stay byte-identical. A property test
 * holds the two equal over arbitrary doubles, NaN, infinities, signed zeros and subnormals included.
 */
export function hypot2(x: number, y: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (ax === Infinity || ay === Infinity) return Infinity;
  if (ax !== ax || ay !== ay) return Number.NaN;
  const max = ay > ax ? ay : ax;
  if (max === 0) return 0;
  // Kahan summation as the builtin runs it: the first term leaves no compensation, so the sum is plain
  const nx = ax / max;
  const ny = ay / max;
  return Math.sqrt(nx * nx + ny * ny) * max;
}
