import { createRef, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Slot } from "./slot";

type Props = Record<string, unknown>;
const rendered = (element: ReactElement | null) => element as ReactElement<Props>;

describe("Slot", () => {
  it("renders the child element with the slot's attributes, the child's winning, class names joined", () => {
    const html = renderToStaticMarkup(
      <Slot className="btn" data-slot="button" title="from slot" aria-busy>
        <a href="/request" className="wide" title="from child">
          Get quotes
        </a>
      </Slot>,
    );
    const attributes = Object.fromEntries([...html.matchAll(/ ([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(html).toMatch(/^<a [^>]*>Get quotes<\/a>$/);
    expect(attributes).toEqual({
      href: "/request",
      class: "btn wide",
      title: "from child",
      "data-slot": "button",
      "aria-busy": "true",
    });
  });

  it("runs both click handlers, the child's first, and merges styles", () => {
    const calls: string[] = [];
    const element = rendered(
      Slot({
        onClick: () => calls.push("slot"),
        style: { color: "red", margin: 0 },
        children: <button type="button" onClick={() => calls.push("child")} style={{ color: "blue" }} />,
      }),
    );
    (element.props.onClick as () => void)();
    expect(calls).toEqual(["child", "slot"]);
    expect(element.props.style).toEqual({ color: "blue", margin: 0 });
  });

  it("hands the element to both refs and clears both on cleanup", () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = vi.fn();
    const element = rendered(Slot({ ref: slotRef, children: <span ref={childRef} /> }));
    const node = {} as HTMLElement;
    const cleanup = (element.props.ref as (n: HTMLElement | null) => () => void)(node);
    expect(slotRef.current).toBe(node);
    expect(childRef).toHaveBeenLastCalledWith(node);
    cleanup();
    expect(slotRef.current).toBeNull();
    expect(childRef).toHaveBeenLastCalledWith(null);
  });

  it("renders nothing without a single element child", () => {
    expect(Slot({ children: "text" })).toBeNull();
  });
});
