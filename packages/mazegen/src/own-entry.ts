/**
 * `table[key]` when `key` is one of the table's own names, else undefined: user text such as
 * `constructor` or `__proto__` must not find what every object inherits.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
