import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Spec section 9: throttle 200 ms, duration 2000 ms, height 3 px. */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 2000;
export const LOADING_BAR_HEIGHT_PX = 3;

/**
 * A thin bar at the top of the page while a navigation (or form submission) is pending.
 * Nothing shows for navigations quicker than the throttle; the bar creeps towards 90 % over
 * the duration and completes when the navigation ends.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<"hidden" | "running" | "done">("hidden");
  // When the navigation ends, the bar completes (or never showed): adjusted while rendering, not in an effect.
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setPhase((current) => (current === "running" ? "done" : "hidden"));
  }

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setPhase("running"), LOADING_BAR_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  useEffect(() => {
    if (phase !== "done") return;
    const timer = setTimeout(() => setPhase("hidden"), 300);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === "hidden") return null;
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-0 z-[100]"
      style={{ height: LOADING_BAR_HEIGHT_PX }}
      data-testid="loading-bar"
      data-state={phase}
      aria-hidden="true"
    >
      <div
        className={phase === "running" ? "loading-bar loading-bar--running" : "loading-bar loading-bar--done"}
        style={{ animationDuration: phase === "running" ? `${LOADING_BAR_DURATION_MS}ms` : undefined }}
      />
    </div>
  );
}
