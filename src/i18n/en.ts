import englishMessages from "ra-language-english";
import { authMessages } from "./messages/auth";
import { errorMessages } from "./messages/errors";
import { resourceMessages } from "./messages/resources";
import { shellMessages } from "./messages/shell";

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
    shell: shellMessages,
  },
};

export type Messages = typeof en;
