import { cloneElement, isValidElement, type ReactNode, type Ref } from "react";

type SlotProps = Record<string, unknown> & { children?: ReactNode; ref?: Ref<unknown> };

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === "function") return ref(node);
  if (ref) ref.current = node;
}

/** One ref callback that feeds both refs (and runs their React 19 cleanups). */
function composeRefs<T>(a: Ref<T> | undefined, b: Ref<T> | undefined): Ref<T> {
  return (node) => {
    const cleanups = [assignRef(a, node), assignRef(b, node)];
    return () => {
      for (const [i, ref] of [a, b].entries()) {
        const cleanup = cleanups[i];
        if (typeof cleanup === "function") cleanup();
        else assignRef(ref, null);
      }
    };
  };
}

/**
 * Renders its only child with the slot's props merged in (`asChild` on Button and Badge): the
 * child's props win, class names are joined, styles merged, and both event handlers run (the
 * child's first). A few lines instead of Radix Slot, which every page loaded with the header's buttons.
 */
export function Slot({ children, ref, ...slotProps }: SlotProps) {
  if (!isValidElement<SlotProps>(children)) return null;
  const childProps = children.props;
  const merged: SlotProps = { ...slotProps, ...childProps };
  for (const [key, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[key] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    } else if (key === "className" && childValue) {
      merged.className = `${String(slotValue)} ${String(childValue)}`;
    } else if (key === "style" && childValue) {
      merged.style = { ...(slotValue as object), ...(childValue as object) };
    }
  }
  const childRef = childProps.ref;
  merged.ref = ref && childRef ? composeRefs(ref, childRef) : (childRef ?? ref);
  return cloneElement(children, merged);
}
