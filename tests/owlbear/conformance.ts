// The SDK's real `OBR` object fits turnkeeper/owlbear's `OwlbearApi`, and an SDK `Item` is a
// token `addToken` takes: if the SDK's types change so that they no longer do, this stops compiling.
import OBR, { type Item } from "@owlbear-rodeo/sdk";
import type { OwlbearApi, OwlbearSync } from "turnkeeper/owlbear";

export const api: OwlbearApi = OBR;
export const addItem = (sync: OwlbearSync, item: Item) => sync.addToken(item);
