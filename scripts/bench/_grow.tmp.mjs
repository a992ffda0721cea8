import { Dice } from "turnkeeper";
import { wasmMemory } from "../../js-package/dist/wasm/turnkeeper.js";
const d = new Dice({ seed: 1 });
const b0 = wasmMemory().buffer.byteLength; d.roll("4d6");
d.roll("9999d6"); const b1 = wasmMemory().buffer.byteLength;
console.log(b0, b1, d.roll("4d6kh3+2").dice.length);
