// What axe-core found, said the same way by every accessibility test: WCAG 2.1 A and AA, the violations
// of serious or critical impact (which fail a test) with where and why, and the counts by impact.
import type { AxeResults } from 'axe-core';

export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Each serious or critical violation: its rule, its impact, up to three places, and axe's reason. */
export function seriousViolations(results: AxeResults): string[] {
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}) ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(' | ')} — ${violation.nodes[0]?.failureSummary ?? ''}`,
    );
}

/** "N rules passed; critical n, serious n, moderate n, minor n" (nodes, by impact). */
export function axeFigures(results: AxeResults): string {
  const byImpact = new Map<string, number>();
  for (const violation of results.violations)
    byImpact.set(violation.impact ?? 'none', (byImpact.get(violation.impact ?? 'none') ?? 0) + violation.nodes.length);
  const counted = ['critical', 'serious', 'moderate', 'minor']
    .map((impact) => `${impact} ${byImpact.get(impact) ?? 0}`)
    .join(', ');
  return `${results.passes.length} rules passed; ${counted}`;
}
