/** The seeded demo accounts, with the password the e2e server is started with. */
export const DEMO = {
  password: 'demo-e2e-password',
  model: 'model@anketa.local',
  advertiser: 'advertiser@anketa.local',
} as const;
