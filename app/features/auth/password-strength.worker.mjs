// zxcvbn in a worker thread of its own (password-strength.server.ts starts and ends it). Plain
// JavaScript, so Node runs it as it is in every mode: the production build, `npm run dev`, the tests.
import { parentPort } from "node:worker_threads";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

parentPort.on("message", ({ id, password, personal }) => {
  const { score, feedback } = zxcvbn.check(password, personal);
  parentPort.postMessage({ id, score, warning: feedback.warning, suggestions: feedback.suggestions });
});
// Checks sent before this are queued; their time limits start now.
parentPort.postMessage("ready");
