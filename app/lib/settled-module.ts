/**
 * A module already loaded, as the settled thenable React.lazy accepts: on the server a deferred
 * component's module is imported up front, so it renders into the HTML in the same pass.
 */
export const settledModule = <T,>(mod: T) => ({ then: (resolve: (m: T) => void) => resolve(mod) }) as unknown as Promise<T>;
