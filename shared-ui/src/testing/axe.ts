import axe from 'axe-core';

const RULES: axe.RuleObject = {
  // Components are rendered alone in tests, outside any landmark a page would give them.
  region: { enabled: false },
  // happy-dom does no layout (every box is 0x0), so axe cannot find the colours behind text and
  // leaves the rule "incomplete" even for #eee on white: a pass here would mean nothing. Contrast
  // is designed into the token pairs and belongs to browser (e2e) checks.
  'color-contrast': { enabled: false },
};

function describeViolations(violations: axe.Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').replaceAll('\n', '\n      ');
        return `    at ${node.target.join(' ')}\n      ${summary}`;
      });
      const heading = `- [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})`;
      return [heading, ...nodes].join('\n');
    })
    .join('\n');
}

/** Runs axe on a rendered container and fails with a readable list when it finds problems. */
export async function expectNoAxeViolations(container: Element, rules: axe.RuleObject = {}): Promise<void> {
  const results = await axe.run(container, { rules: { ...RULES, ...rules } });
  if (results.violations.length > 0) {
    throw new Error(
      `Expected no accessibility violations, found:\n${describeViolations(results.violations)}`,
    );
  }
}
