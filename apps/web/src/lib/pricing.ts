/**
 * Display prices (DESIGN section 6: per-code seats). The server computes every amount;
 * these strings only describe the plan.
 */
export const PRICES = {
  monthly: { label: '$3.49', perPeriod: '$3.49/month', note: 'Cancel anytime' },
  annual: { label: '$34.90', perPeriod: '$34.90/year', note: 'Save 16% (2 months free)' },
} as const;

/** Spec section 1: what the single plan includes. */
export const PLAN_FEATURES = [
  'As many dynamic QR codes as you need',
  'Update destination URLs at any time',
  'Scan analytics: counts, location, device and time',
  'High-quality downloads (PNG, SVG, PDF)',
  'URL management',
  'Email support',
] as const;
