/** Request and answer shapes of this area (search-agents-tools 3, 7). */
export {};
