/**
 * Where a channel's events travel on NATS. Channel names hold characters that mean something in
 * a subject ("." separates tokens, "*" and ">" are wildcards) or that a subject should not carry
 * ("/", ":"), so each channel becomes ONE token: letters, digits and "-" as they are, every other
 * character as "_" and its code in hex ("_2E" for ".", "_5F" for "_" itself, "_u2F60_" beyond
 * two hex digits). The mapping is one-to-one: no two channels share a subject, and no channel
 * name can reach a subject outside its prefix.
 */
export function channelToken(channel: string): string {
  let token = '';
  for (const char of channel) {
    if (/^[A-Za-z0-9-]$/.test(char)) {
      token += char;
      continue;
    }
    const code = char.codePointAt(0)!;
    token +=
      code < 0x100
        ? `_${code.toString(16).toUpperCase().padStart(2, '0')}`
        : `_u${code.toString(16).toUpperCase()}_`;
  }
  return token;
}

/** The channel a token stands for (the inverse of channelToken). */
export function tokenChannel(token: string): string {
  return token.replace(/_u([0-9A-F]+)_|_([0-9A-F]{2})/g, (_match, long?: string, short?: string) =>
    String.fromCodePoint(parseInt(long ?? short!, 16)),
  );
}

/** A NATS_PREFIX: lower-case letters, digits and "-", so it is one safe token too. */
export const PREFIX_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** Subjects of one installation's events: `<prefix>.ev.<channel token>`. */
export function eventSubject(prefix: string, channel: string): string {
  return `${prefix}.ev.${channelToken(channel)}`;
}

/** Every event subject of an installation (what its stream captures). */
export function eventSubjects(prefix: string): string {
  return `${prefix}.ev.>`;
}

/** The JetStream stream of an installation's events: `<PREFIX>_EVENTS` ("-" as "_"). */
export function eventStream(prefix: string): string {
  return `${prefix.toUpperCase().replace(/-/g, '_')}_EVENTS`;
}

/** Announcements between processes (not stored): `<prefix>.ctl.<topic token>`. */
export function announcementSubject(prefix: string, topic: string): string {
  return `${prefix}.ctl.${channelToken(topic)}`;
}

/** Every announcement subject of an installation. */
export function announcementSubjects(prefix: string): string {
  return `${prefix}.ctl.>`;
}

/** Requests to the process that serves a service (plain NATS request/reply): `<prefix>.rpc.<token>`. */
export function serviceSubject(prefix: string, service: string): string {
  return `${prefix}.rpc.${channelToken(service)}`;
}
