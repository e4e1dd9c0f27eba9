import { getEnv, type Env } from "@/lib/env";
import type { LosingCarrier } from "@/lib/porting/carriers/carrier";
import { manualCarrier } from "@/lib/porting/carriers/manual";
import { simulatedCarrier } from "@/lib/porting/carriers/simulated";

// The losing carrier adapter PORTING_CARRIER names (checked at start-up by lib/env.ts). A real
// carrier's adapter would be one more entry here, implementing ./carrier.ts.

const carriers: Record<Env["PORTING_CARRIER"], LosingCarrier> = {
  simulated: simulatedCarrier,
  manual: manualCarrier,
};

export function losingCarrier(env: Pick<Env, "PORTING_CARRIER"> = getEnv()): LosingCarrier {
  return carriers[env.PORTING_CARRIER];
}
