import type { ConsoleCallDef } from './console.call';
import * as financialConsoleCalls from '../financial/financial.console';
import * as leverageConsoleCalls from '../leverage/leverage.console';
import * as loanConsoleCalls from '../loan/loan.console';
import * as marketConsoleCalls from '../market/market.console';
import * as optionsConsoleCalls from '../options/options.console';
import * as teamConsoleCalls from '../team/team.console';
import * as supportConsoleCalls from '../support/support.console';
import * as contentConsoleCalls from '../content/content.console';
import * as consoleCalls from './console.calls';

function isConsoleCall(value: unknown): value is ConsoleCallDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'roles' in value;
}

/**
 * Every call of the operator API (a product's own calls live beside its trader calls, as the
 * options'); the server serves exactly these under /console/api.
 */
export function listConsoleCalls(): ConsoleCallDef[] {
  const values: unknown[] = [
    ...Object.values(consoleCalls),
    ...Object.values(optionsConsoleCalls),
    ...Object.values(teamConsoleCalls),
    ...Object.values(leverageConsoleCalls),
  ];
  values.push(...Object.values(supportConsoleCalls));
  values.push(...Object.values(contentConsoleCalls));
  values.push(...Object.values(loanConsoleCalls));
  values.push(...Object.values(financialConsoleCalls));
  values.push(...Object.values(marketConsoleCalls));
  return values.filter(isConsoleCall);
}

export const allConsoleCalls: readonly ConsoleCallDef[] = /* @__PURE__ */ listConsoleCalls();
