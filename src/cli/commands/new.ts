export function register(_p: unknown): void {}
