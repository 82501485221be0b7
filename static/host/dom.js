// What every part of the host reaches for: the page's <html>, an element by id, a control's data.
export const root = document.documentElement;

export function byId(id) { return document.getElementById(id); }

// a control's data attributes, as the worker is told of a tap on it
export function data(el) { return Object.assign({}, el.dataset); }
