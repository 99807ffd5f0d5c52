/**
 * Where a page's main-thread time went, from a Chrome trace recorded with the timeline's detail
 * ('devtools.timeline', 'v8'): each event's self time (its time less its children's), by activity
 * (script, compiling, style, layout, paint, garbage collection, parsing…) and, for script, by the
 * file that ran. A bench's profile mode prints it; nothing here is asserted.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  /** The event's thread (CPU) time, where the trace has it. */
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string }; fileName?: string };
}

/** What a trace event's own time was spent on. */
const ACTIVITIES: Array<[RegExp, string]> = [
  [
    /^(v8\.compile|v8\.compileModule|v8\.parseOnBackground|V8\.CompileCode|v8\.produceCache)/,
    'compile',
  ],
  [/^(MajorGC|MinorGC|V8\.GC|BlinkGC)/, 'garbage collection'],
  [
    /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)$/,
    'style',
  ],
  [/^(Layout|UpdateLayerTree|IntersectionObserverController)/, 'layout'],
  [/^(Paint|PrePaint|Layerize|CompositeLayers|Commit|UpdateLayer|PaintImage|Decode)/, 'paint'],
  [/^ParseHTML$/, 'HTML parse'],
  [
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.run|V8\.Execute|XHRReadyStateChange|FireIdleCallback)$/,
    'script',
  ],
];

function activityOf(name: string): string | undefined {
  return ACTIVITIES.find(([pattern]) => pattern.test(name))?.[1];
}

export interface MainThreadProfile {
  byActivity: Map<string, number>;
  byScript: Map<string, number>;
}

function add(map: Map<string, number>, key: string, us: number) {
  map.set(key, (map.get(key) ?? 0) + us / 1000);
}

/**
 * Self time in ms of the thread's events between `from` and `until` (trace µs), by activity and,
 * for script, by the URL of the nearest enclosing event that names one. Time in a task that no
 * known event covers counts as 'other'.
 */
export function mainThreadProfile(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
  from: number,
  until: number,
): MainThreadProfile {
  const spans = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.pid === thread.pid &&
        e.tid === thread.tid &&
        e.ts >= from &&
        e.ts < until &&
        (e.dur ?? 0) > 0,
    )
    .toSorted((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byActivity = new Map<string, number>();
  const byScript = new Map<string, number>();
  // The open events, outermost first, each with its own time so far and its activity and URL.
  const stack: Array<{ end: number; self: number; activity: string; url?: string }> = [];
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.end <= upTo) {
      const done = stack.pop()!;
      add(byActivity, done.activity, done.self);
      if (done.activity === 'script') add(byScript, done.url ?? '(no file)', done.self);
    }
  };
  for (const span of spans) {
    close(span.ts);
    const dur = Math.min(span.dur ?? 0, until - span.ts);
    const parent = stack.at(-1);
    if (parent) parent.self -= Math.min(dur, parent.end - span.ts);
    const url = span.args?.data?.url || span.args?.fileName || parent?.url;
    stack.push({
      end: span.ts + dur,
      self: dur,
      activity: activityOf(span.name) ?? parent?.activity ?? 'other',
      url,
    });
  }
  close(Number.POSITIVE_INFINITY);
  return { byActivity, byScript };
}

const sorted = (map: Map<string, number>) => [...map].toSorted((a, b) => b[1] - a[1]);
const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;

/** The profile as lines for a bench's output: activities, then the scripts that ran longest. */
export function profileLines(profile: MainThreadProfile, scripts = 8): string[] {
  return [
    ...sorted(profile.byActivity).map(([activity, value]) => `${ms(value)}  ${activity}`),
    '  scripts that ran longest:',
    ...sorted(profile.byScript)
      .slice(0, scripts)
      .map(([url, value]) => `${ms(value)}  ${url.replace(/^https?:\/\/[^/]+/, '')}`),
  ];
}
