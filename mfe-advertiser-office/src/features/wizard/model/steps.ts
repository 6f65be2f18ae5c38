/** The creation steps in the spec's words, in the order the advertiser meets them. */
export const WIZARD_STEPS = ['create', 'confirmation', 'calendar', 'impressions', 'pay', 'done'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const isWizardStep = (value: unknown): value is WizardStep =>
  typeof value === 'string' && (WIZARD_STEPS as readonly string[]).includes(value);

export const nextStep = (step: WizardStep): WizardStep =>
  WIZARD_STEPS[Math.min(WIZARD_STEPS.indexOf(step) + 1, WIZARD_STEPS.length - 1)] ?? step;

export const previousStep = (step: WizardStep): WizardStep =>
  WIZARD_STEPS[Math.max(WIZARD_STEPS.indexOf(step) - 1, 0)] ?? step;
