import {
  difference,
  normalize,
  overlapsBySerieTipo,
  type Interval,
  type SerieTipo,
} from "@/lib/domain/intervals";
import { seededRandom } from "@/lib/domain/testing/seeded-random";
import { medianMs, report } from "./measure";

/**
 * lib/domain/intervals at the ledger's and a request's scale: 100,000 intervals shuffled over the
 * whole e-NCF range (merge = sort + coalesce), the difference of two such sets, and overlap
 * detection among 100,000 shuffled request lines of 10 types.
 */
export async function benchIntervals(): Promise<void> {
  const random = seededRandom(1);
  const scattered = (count: number): Interval[] =>
    Array.from({ length: count }, () => {
      const desde = random.int(1, 9_999_000_000);
      return { desde, hasta: desde + random.int(0, 50_000) };
    });
  const a = scattered(100_000);
  const b = scattered(100_000);
  report({
    name: "intervals_normalize_100000",
    value: await medianMs(() => normalize(a), 15, 3),
    unit: "ms",
  });
  const setA = normalize(a);
  const setB = normalize(b);
  report({
    name: "intervals_difference_100000",
    value: await medianMs(() => difference(setA, setB), 15, 3),
    unit: "ms",
    sizes: [setA.length, setB.length],
  });
  const lines: Array<Interval & SerieTipo & { line: number }> = Array.from({ length: 100_000 }, (_, i) => ({
    serie: "E",
    tipoeCF: String(31 + (i % 10)),
    desde: Math.floor(i / 10) * 10 + 1,
    hasta: Math.floor(i / 10) * 10 + 5,
    line: i + 1,
  }));
  const shuffled = [...lines].sort(() => random.next() - 0.5);
  report({
    name: "intervals_overlaps_100000_lines_in_order",
    value: await medianMs(() => overlapsBySerieTipo(lines), 15, 3),
    unit: "ms",
  });
  report({
    name: "intervals_overlaps_100000_lines_shuffled",
    value: await medianMs(() => overlapsBySerieTipo(shuffled), 15, 3),
    unit: "ms",
  });
}
