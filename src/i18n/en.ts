import englishMessages from "ra-language-english";
import { authMessages } from "./messages/auth";
import { errorMessages } from "./messages/errors";
import { gridMessages } from "./messages/grid";
import { resourceMessages } from "./messages/resources";
import { shellMessages } from "./messages/shell";
import { termsMessages } from "./messages/terms";

/**
 * The English catalogue: react-admin's own texts plus every Coverdesk text, spec texts written exactly as the spec
 * writes them. Each area keeps its messages in ./messages; other locales are merged over this one.
 */
export const en = {
  ...englishMessages,
  resources: resourceMessages,
  app: {
    auth: authMessages,
    errors: errorMessages,
    grid: gridMessages,
    shell: shellMessages,
    terms: termsMessages,
  },
};

export type Messages = typeof en;
