import { useEffect, useEffectEvent } from 'react';
import { signedUrl } from './client';
import { useSession } from './session';
import {
  SocketClient,
  useSocketStatus,
  type ChannelName,
  type DataOf,
  type SocketStatus,
} from './socket';

/** /ws on this host, ws: or wss: as the page, signed like every request (SPEC.md section 7). */
async function socketUrl(token: string | null): Promise<string> {
  const query: Record<string, string> = { localtimes: String(Date.now()) };
  if (token) query.token = token;
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${await signedUrl('/ws', query)}`;
}

let client: SocketClient | undefined;

/** The app's one socket, made on first use; it follows the session token from then on. */
function appSocket(): SocketClient {
  if (!client) {
    const socket = new SocketClient({
      url: socketUrl,
      onStatus: (state) => useSocketStatus.setState(state),
    });
    socket.setToken(useSession.getState().token);
    useSession.subscribe((state) => socket.setToken(state.token));
    client = socket;
  }
  return client;
}

/**
 * Calls `handler` with every frame of a channel while the component is mounted; null listens to
 * nothing. The handler may change every render: the subscription does not.
 */
export function useChannel<C extends ChannelName>(
  channel: C | null,
  handler: (data: DataOf<C>) => void,
): void {
  const onFrame = useEffectEvent(handler);
  useEffect(() => {
    if (!channel) return;
    return appSocket().subscribe(channel, (data) => onFrame(data as DataOf<C>));
  }, [channel]);
}

/** connected | connecting | reconnecting | closed. */
export function useSocketState(): SocketStatus {
  return useSocketStatus((s) => s.status);
}
