// How a bench's figures grow with its data: the sizes it runs at, its percentiles, and the table
// that puts each size's p50/p95 side by side with the p95's growth from the smallest size to the
// largest.

/** Goal for the p95 at 4x the data: at most 1.3x the p95 at the smaller size. */
export const GROWTH_GOAL = 1.3;

/** Sizes from a variable such as BENCH_EXPERTS=50000,200000 (one value runs one size), smallest first. */
export function benchSizes(variable: string, defaults: number[]): number[] {
  const text = process.env[variable];
  if (!text) return defaults;
  const sizes = text.split(',').map((part) => Number(part.trim().replace(/_/g, '')));
  if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size <= 0))
    throw new Error(`${variable}: whole numbers separated by commas, e.g. ${defaults.join(',')}`);
  return [...new Set(sizes)].sort((a, b) => a - b);
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
export const round2 = (n: number) => Math.round(n * 100) / 100;
export const thousands = (n: number) => n.toLocaleString('en');

/** p95 at the largest size ÷ p95 at the smallest; null with one size. */
export function growthOf(perSize: number[][]): number | null {
  if (perSize.length < 2) return null;
  return round2(percentile(perSize[perSize.length - 1]!, 95) / percentile(perSize[0]!, 95));
}

export interface GrowthRow {
  label: string;
  /** The samples at each size, smallest size first. */
  perSize: number[][];
}

/**
 * The side-by-side table: p50 and p95 at each size, then the p95 growth, marked when it is over
 * the goal. Returns each row's growth.
 */
export function printGrowthTable(
  heading: string,
  sizeLabels: string[],
  rows: GrowthRow[],
  labelWidth: number,
): Record<string, number | null> {
  const cell = (text: string) => text.padStart(9);
  const sizeWidth = 18;
  console.log(
    ''.padEnd(labelWidth),
    ...sizeLabels.map((size) => size.slice(0, sizeWidth).padStart(sizeWidth)),
    sizeLabels.length > 1 ? cell('growth') : '',
  );
  console.log(
    heading.padEnd(labelWidth),
    ...sizeLabels.map(() => `${cell('p50 ms')}${cell('p95 ms')}`),
    sizeLabels.length > 1 ? cell('p95 x') : '',
  );
  const growth: Record<string, number | null> = {};
  for (const { label, perSize } of rows) {
    const ratio = growthOf(perSize);
    growth[label] = ratio;
    console.log(
      label.slice(0, labelWidth).padEnd(labelWidth),
      ...perSize.map(
        (times) => `${cell(percentile(times, 50).toFixed(2))}${cell(percentile(times, 95).toFixed(2))}`,
      ),
      ratio === null ? '' : `${cell(ratio.toFixed(2))}${ratio > GROWTH_GOAL ? ' over' : ''}`,
    );
  }
  return growth;
}

/** The sentence under the table: the data's growth factor, the goal, and what is over it. */
export function growthVerdict(sizes: number[], growth: Record<string, number | null>): string {
  if (sizes.length < 2) return 'one size: no growth measured';
  const factor = sizes[sizes.length - 1]! / sizes[0]!;
  const over = Object.entries(growth).filter(([, ratio]) => ratio !== null && ratio > GROWTH_GOAL);
  return (
    `p95 growth for ${round2(factor)}x the data (${thousands(sizes[0]!)} -> ${thousands(sizes[sizes.length - 1]!)}), goal <= ${GROWTH_GOAL} for 4x: ` +
    (over.length === 0
      ? 'all within'
      : `over for ${over.map(([label, ratio]) => `${label} (${ratio})`).join('; ')}`)
  );
}
