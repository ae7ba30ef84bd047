/**
 * The fixture every conformance file shares: one realtime host for the whole file (started before its first test,
 * closed after its last), and the clients a test opens closed after it (raw sockets and pusher-js clients).
 * Call `useRealtimeHost()` once, at the top level of a test file.
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import { startHost, type HostOptions, type TestHost } from "./harness.ts";
import { disconnectAllClients } from "./pusher-clients.ts";
import { RawClient } from "./raw-client.ts";

export interface RealtimeFixture {
  /** The file's host; usable from the first test on (it forwards to the host started in beforeAll). */
  readonly host: TestHost;
  /** A raw client connected (Pusher handshake done) to `target`, closed after the test. */
  rawClient(target?: { wsUrl(): string }): Promise<RawClient>;
  /** A raw socket opened on `url` (WebSocket handshake only), closed after the test. */
  openRawClient(url: string): Promise<RawClient>;
  /** Closes these clients after the test too. */
  closeAfterTest(...clients: RawClient[]): void;
  /** Closes the raw clients opened so far, before a host they use is closed. */
  closeRawClients(): void;
}

export function useRealtimeHost(options: HostOptions = {}): RealtimeFixture {
  let started: TestHost | undefined;
  const current = (): TestHost => {
    if (!started) throw new Error("The realtime host starts in beforeAll: use it inside a test or a hook");
    return started;
  };
  const openRawClients: RawClient[] = [];
  const closeRawClients = () => {
    for (const client of openRawClients.splice(0)) client.close();
  };

  beforeAll(async () => {
    started = await startHost(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  afterEach(() => {
    disconnectAllClients();
    closeRawClients();
  });

  const host: TestHost = {
    get app() {
      return current().app;
    },
    get port() {
      return current().port;
    },
    get baseUrl() {
      return current().baseUrl;
    },
    get realtime() {
      return current().realtime;
    },
    get logs() {
      return current().logs;
    },
    get upgradeUrls() {
      return current().upgradeUrls;
    },
    wsUrl: (path) => current().wsUrl(path),
    sdk: (overrides) => current().sdk(overrides),
    replaceRealtime: () => current().replaceRealtime(),
    close: () => current().close(),
  };

  return {
    host,
    async rawClient(target = host) {
      const client = await RawClient.connect(target.wsUrl());
      openRawClients.push(client);
      return client;
    },
    async openRawClient(url) {
      const client = await RawClient.open(url);
      openRawClients.push(client);
      return client;
    },
    closeAfterTest(...clients) {
      openRawClients.push(...clients);
    },
    closeRawClients,
  };
}
