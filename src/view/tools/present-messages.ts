import type { MessageView } from "../entry-view.js";

/**
 * Turns the messages of a sub-agent's transcript into views. Injected into the tool presenters, which
 * sit below the message presenter that calls them: a run's messages are messages again.
 */
export type PresentMessages = (messages: unknown[], depth: number) => MessageView[];
