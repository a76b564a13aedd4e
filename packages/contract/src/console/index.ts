import type { ConsoleCallDef } from './console.call';
import * as consoleCalls from './console.calls';

function isConsoleCall(value: unknown): value is ConsoleCallDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'roles' in value;
}

/** Every call of the operator API; the server serves exactly these under /console/api. */
export function listConsoleCalls(): ConsoleCallDef[] {
  return Object.values(consoleCalls).filter(isConsoleCall);
}

export const allConsoleCalls: readonly ConsoleCallDef[] = /* @__PURE__ */ listConsoleCalls();
