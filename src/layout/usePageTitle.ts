import { useEffect } from "react";
import { TITLE_SUFFIX } from "../domain/constants";

/** Sets the browser tab title: the page's title and the product-name suffix (document 1 section 1). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title}${TITLE_SUFFIX}`;
  }, [title]);
}
