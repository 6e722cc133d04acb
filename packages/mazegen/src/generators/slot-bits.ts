/**
 * Set-bit tables for slot masks of up to 6 bits (a hex cell's walls; any grid's free
 * neighbours): SLOT_NTH[mask * 8 + k] is the k-th set bit of `mask`, from slot 0, and
 * SLOT_COUNT[mask] how many there are. Shared by the grid kernels that pick a slot by one draw.
 */
export const SLOT_NTH = new Uint8Array(64 * 8);
export const SLOT_COUNT = new Uint8Array(64);
for (let mask = 0; mask < 64; mask++) {
  for (let s = 0; s < 6; s++) if (mask & (1 << s)) SLOT_NTH[mask * 8 + SLOT_COUNT[mask]++] = s;
}
