export const E2E_PORT = 4180;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The e2e server's data folder: its mail folder is where password-reset links land. */
export const E2E_DATA_DIR = '.data-test-e2e';
export const DEMO_PASSWORD = 'palco123';
export const DEMO = {
  staff: 'staff@palco.test',
  owner: 'owner@palco.test',
  operator: 'operator@palco.test',
  blocked: 'blocked@palco.test',
} as const;
