/** Writes app/components/ui/icons.svg, the icon sprite, from the drawings of app/components/ui/icon-paths.tsx. */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { iconSpriteMarkup } from "../app/components/ui/icon-paths.tsx";

const target = fileURLToPath(new URL("../app/components/ui/icons.svg", import.meta.url));
writeFileSync(target, iconSpriteMarkup());
console.log(`wrote ${target}`);
