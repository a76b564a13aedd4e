import {
  addDays,
  authCalls,
  isTransferDay,
  localDay,
  nextTransferDay,
  userCalls,
  windowOn,
  type TeamCalendar,
} from '@tidemark/contract';
import { uniqueEmail, GOOD_PASSWORD, type TestServer } from '../../test/harness';

/** The default calendar (TEAM_* defaults): 09:00-18:00 America/Los_Angeles, the 25th. */
export const LA: TeamCalendar = {
  timeZone: 'America/Los_Angeles',
  windowStart: '09:00',
  windowEnd: '18:00',
  transferDay: 25,
};

export interface Member {
  token: string;
  userId: number;
  email: string;
  inviteCode: string;
}

/** Registers a trader by email, through `inviteCode` when given (as the share link does). */
export async function join(server: TestServer, inviteCode?: string): Promise<Member> {
  const email = uniqueEmail('team');
  const sent = await server.call(authCalls.sendMailValidCode, { email });
  if (sent.status !== 1) throw new Error(`sendMailValidCode: ${sent.enMsg}`);
  const registered = await server.call(userCalls.register, {
    account: email,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    code: server.lastCode(email),
    ...(inviteCode ? { inviteCode } : {}),
  });
  if (registered.status !== 1) throw new Error(`register: ${registered.enMsg}`);
  const token = registered.data.token;
  const info = await server.call(userCalls.findUserInfo, {}, { token });
  return { token, userId: info.data.id, email, inviteCode: info.data.inviteCode };
}

/** Moves the test clock forward to `target` (never back). */
export function advanceTo(server: TestServer, target: number): void {
  const now = server.clock.now();
  if (target > now) server.clock.advance(target - now);
}

/** Into the window of the day after today (local), `minutes` after it opens. */
export function toNextWindow(server: TestServer, minutes = 60): void {
  const day = addDays(localDay(server.clock.now(), LA.timeZone));
  advanceTo(server, windowOn(day, LA).from + minutes * 60_000);
}

/** To the next day that is not the transfer day (today when it is not), at local noon. */
export function toOrdinaryDay(server: TestServer): void {
  let day = localDay(server.clock.now(), LA.timeZone);
  for (;;) {
    const noon = windowOn(day, { ...LA, windowStart: '12:00', windowEnd: '13:00' }).from;
    if (noon > server.clock.now() && !isTransferDay(noon, LA)) return advanceTo(server, noon);
    day = addDays(day);
  }
}

/** To the next transfer day, inside its release window (10:00 local). */
export function toTransferDay(server: TestServer): void {
  const next = nextTransferDay(server.clock.now(), LA);
  advanceTo(server, windowOn(next.day, LA).from + 3_600_000);
}
