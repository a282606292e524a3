import { createHash } from "node:crypto";
import { APP_STARTED_EVENT } from "#schemas/pages/app-started.ts";

/** The element that lists a server-rendered page's scripts: its entry first, then the modules it preloads. */
export const PAGE_SCRIPTS_ID = "page-scripts";

/**
 * Starts the listed scripts once the browser reports the first screen painted (issue 31, ADR 039):
 * the Paint Timing entry of the first contentful paint, which comes when the frame is on the screen
 * (a task queued from the frame's `requestAnimationFrame` ran before that, 130 ms before on a busy
 * machine). Each script is added as index.html had it (the entry a module script, the others module
 * preloads), at low priority. A page opened in a hidden tab is not painted and a browser without
 * Paint Timing does not say: they start them at once; and whatever happens, after 3 s.
 */
const START_SCRIPTS = `const list=JSON.parse(document.getElementById("${PAGE_SCRIPTS_ID}").textContent);let started=false;const start=()=>{if(started)return;started=true;list.forEach((url,i)=>{const tag=document.createElement(i?"link":"script");if(i){tag.rel="modulepreload";tag.href=url}else{tag.type="module";tag.src=url}tag.crossOrigin="";tag.fetchPriority="low";document.head.append(tag)})};if(document.visibilityState==="hidden"||!PerformanceObserver.supportedEntryTypes?.includes("paint"))start();else{new PerformanceObserver((entries)=>{if(entries.getEntriesByName("first-contentful-paint").length)start()}).observe({type:"paint",buffered:true});setTimeout(start,3000)}`;

/**
 * Holds what the visitor clicks or submits before the app has taken the page over, and plays it back
 * when it has ({@link APP_STARTED_EVENT}). The page is drawn before its scripts run, and a press of the
 * funnel's Start button in that time would be the browser's own: a reload of the page without its
 * query, which loses the ad's UTM parameters and leaves the visitor where they were. Held are a link
 * to this site, a button, a label, a choice and a form's submission, each in order; a click with a
 * modifier key, or on a link to another site or window, goes through. What the visitor typed in that
 * time stays in the field but is not the app's (hydration keeps the text and not the form's state):
 * it is typed again first, so a form submitted then sends it. Played back, each is clicked again (a
 * form without its button submitted again): the same element if it is still on the page, else the
 * one at its place in the page the app drew instead, if it is of the same kind and says the same (a
 * funnel the app drew anew for a visitor with a saved place). Should the app not start within 8 s
 * of the first press held, the holding stops and the presses are played back to the browser.
 */
const HOLD_UNTIL_STARTED = `const held=[],typed=new Map();let holding=true,giveUp=0;const pathOf=(t)=>{const path=[];for(let n=t;n.parentElement;n=n.parentElement)path.unshift([...n.parentElement.children].indexOf(n));return path};const find=(t,path)=>{const n=t.isConnected?t:path.reduce((at,i)=>at?.children[i],document.documentElement);return n?.tagName===t.tagName?n:null};const hold=(e)=>{if(!holding)return;let t;if(e.type==="submit")t=e.submitter||e.target;else{if(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return;t=e.target.closest?.("a[href],button,label,input[type=radio],input[type=checkbox],input[type=submit]");if(!t||(t.tagName==="A"&&(t.target||t.origin!==location.origin)))return}e.preventDefault();e.stopImmediatePropagation();held.push({t,path:pathOf(t)});giveUp||=setTimeout(release,8000)};const type=(e)=>{const t=e.target;if(holding&&/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)&&t.type!=="radio"&&t.type!=="checkbox")typed.set(t,pathOf(t))};const release=()=>{if(!holding)return;holding=false;clearTimeout(giveUp);removeEventListener("click",hold,true);removeEventListener("submit",hold,true);removeEventListener("input",type,true);setTimeout(()=>{typed.forEach((path,t)=>{const n=find(t,path),v=t.value;if(!n||n.name!==t.name)return;n.value="";Object.getOwnPropertyDescriptor(Object.getPrototypeOf(n),"value").set.call(n,v);n.dispatchEvent(new Event(n.tagName==="SELECT"?"change":"input",{bubbles:true}))});setTimeout(()=>held.splice(0).forEach(({t,path})=>{const n=find(t,path);if(n?.textContent===t.textContent)n.tagName==="FORM"?n.requestSubmit():n.click()}))})};addEventListener("click",hold,true);addEventListener("submit",hold,true);addEventListener("input",type,true);document.addEventListener("${APP_STARTED_EVENT}",release,{once:true});`;

const PAGE_SCRIPTS_LOADER = HOLD_UNTIL_STARTED + START_SCRIPTS;

/** The Content-Security-Policy source that lets the loader, and no other inline script, run. */
export const PAGE_SCRIPTS_LOADER_HASH = `'sha256-${createHash("sha256").update(PAGE_SCRIPTS_LOADER).digest("base64")}'`;

const SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * A server-rendered page's head with its scripts fetched after its first paint instead of from the
 * head. Its first screen is in its HTML with its CSS, so the scripts only make it answer; fetched
 * from the head, they arrive before the first paint on a fast connection, and Lighthouse's
 * simulation then takes all of them (the framework's 105 KB) for the largest paint's cost (LCP
 * 2.2–2.6 s where the paint itself was at 0.8–1.0 s). The head keeps no script to fetch; the list
 * travels as data beside the loader. A head without a module script is returned as it is.
 */
export function scriptsAfterFirstPaint(head: string): string {
  const entries = [...head.matchAll(SCRIPT)].map((m) => m[1]!);
  if (entries.length !== 1) return head;
  const preloads = [...head.matchAll(PRELOAD)].map((m) => m[1]!);
  const list = JSON.stringify([...entries, ...new Set(preloads)]).replace(/</g, "\\u003c");
  const rest = head.replace(SCRIPT, "").replace(PRELOAD, "");
  return `${rest}<script type="application/json" id="${PAGE_SCRIPTS_ID}">${list}</script><script type="module">${PAGE_SCRIPTS_LOADER}</script>`;
}
