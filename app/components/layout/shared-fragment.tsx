import { createContext, useContext, useId, type ReactNode } from "react";
import type { FragmentCollector } from "~/lib/shared-fragments.server";
import { useNonce } from "~/lib/nonce";
import { useRootData } from "~/lib/use-root-data";

/** The render's fragment collector: set by the server's entry (app/entry.server.tsx), absent in the browser. */
export const FragmentCollectorContext = createContext<FragmentCollector | null>(null);

type Props = {
  /** Names the fragment in its key (and in a check failure). */
  name: string;
  /**
   * Everything the children's markup is made from besides the translations of the build: the data they show, the
   * brand, the language, the path when links depend on it. Two renders with the same inputs must give the same
   * markup (the test servers check it, ADR 0140); JSON is the key, so keep it to what the children read.
   */
  inputs: unknown;
  className?: string;
  children: ReactNode;
};

/**
 * Markup every visitor with the same inputs shares, rendered once per server process (ADR 0140). The browser renders
 * the children as usual and hydrates them against the same markup: the wrapper and its `data-shared=""` are the same
 * on both sides. The children must not hoist anything into the head (a title, a stylesheet), since a kept fragment is
 * not rendered again.
 */
export function SharedFragment({ name, inputs, className, children }: Props) {
  const collector = useContext(FragmentCollectorContext);
  // The fragment's place in the tree is in its key: ids made with useId inside it depend on that place.
  const place = useId();
  const csrf = useRootData()?.csrfToken ?? "";
  const nonce = useNonce();
  const shared = collector?.share(`${name}\n${place}\n${JSON.stringify(inputs)}`, { csrf, nonce }) ?? null;
  if (shared && "kept" in shared) return <div data-shared="" className={className} dangerouslySetInnerHTML={{ __html: shared.kept }} />;
  return (
    <div data-shared={shared?.marker ?? ""} className={className}>
      {children}
    </div>
  );
}
