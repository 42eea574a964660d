/**
 * Components whose code loads on demand (architecture convention 11) and can be fetched ahead of
 * need: `const Dialog = lazyComponent(() => import('./dialog'), 'Dialog')`, then
 * `Dialog.preload()` on hover, on focus or before the first render.
 *
 * Once its code has arrived the component renders at once. React.lazy alone suspends on its first
 * render even then, and React holds a Suspense boundary's content back for up to 300 ms after
 * its fallback showed: every lazy step of a page's start and every dialog opened would wait that
 * long, with nothing left to download.
 */
import { type ComponentProps, type ComponentType, createElement, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props
export type LazyComponent<Component extends ComponentType<any>> = ComponentType<
  ComponentProps<Component>
> & {
  /** Fetches the code now; a failure is reported to the caller and tried again next time. */
  preload: () => Promise<void>;
};

export function lazyComponent<
  // biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props
  Module extends Record<Name, ComponentType<any>>,
  Name extends keyof Module,
>(load: () => Promise<Module>, name: Name): LazyComponent<Module[Name]> {
  let loaded: Module[Name] | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module[name];
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded as Module[Name] };
  });
  function Lazy(props: ComponentProps<Module[Name]>) {
    return createElement(loaded ?? Suspending, props);
  }
  Lazy.displayName = `Lazy(${String(name)})`;
  return Object.assign(Lazy, { preload });
}

/**
 * Fetches components' code ahead of need (a hover, a focus, a status read). A failure is only
 * noted: rendering the component tries again and shows the error there, if it persists.
 */
export function preloadAhead(...components: { preload: () => Promise<void> }[]): Promise<void> {
  return Promise.all(components.map((component) => component.preload())).then(
    () => undefined,
    (error: unknown) => console.warn('Code fetched ahead of need could not be loaded', error),
  );
}
