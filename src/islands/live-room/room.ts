/** Room page behaviour outside the chat: share and follow buttons, heat updates. */
export {};
