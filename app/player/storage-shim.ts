// The preview frame runs in an opaque origin (sandbox without allow-same-origin), where reading
// `localStorage` throws a SecurityError. Remotion reads it in places (volume preference, studio
// state); in-memory stand-ins keep those reads harmless. Imported first by the frame's entry.

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

for (const name of ['localStorage', 'sessionStorage'] as const) {
  try {
    void window[name];
  } catch {
    Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true });
  }
}

export {};
