#!/usr/bin/env python3
"""Latency of naming requests against llama.cpp's real llama-server with the tiny random model (dev-time).

    python3 benchmarks/naming/llama-server-latency.py [--rounds 10] [--threads 1]

Starts the llama-server scripts/setup-llama-server built (port 0, the tiny model of scripts/naming-tiny-model.py),
sends the naming stage's request shape (system instructions, the capture's text, response_format json_schema with
the schema under json_schema.schema; a copy of NamingRequest.body's shape, same lengths) for a short and a long
capture text, and prints per request: wall ms (client), the server's own prompt and generation timings, tokens,
and whether the answer validates (the same checks as NamingAnswer). Also the load time (start to "listening on"),
and the same request with the schema misplaced. The model is random: this measures the server's overhead
(HTTP, template, grammar, byte-level tokens), not a real model's speed or quality.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import threading
import time
import urllib.request

VERSION = "0.3.36"
ROOT = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "pool-pipeline", "llama-server")
KINDS = ["product", "place", "event", "recipe", "book", "music", "movie", "article", "post"]
SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["things"],
    "properties": {"things": {"type": "array", "maxItems": 5, "items": {
        "type": "object", "additionalProperties": False, "required": ["kind", "name"],
        "properties": {"kind": {"type": "string", "enum": KINDS},
                       "name": {"type": "string", "minLength": 1, "maxLength": 200}}}}},
}
INSTRUCTIONS = (
    "You name what a screenshot or photo shows, from the text read from it. Answer with JSON only: "
    '{"things": [{"kind": ..., "name": ...}]}. kind is one of: ' + ", ".join(KINDS) + ". "
    "name is the product, place, event, recipe, book, music, movie, article or post as written in the text; "
    'copy its words from the text, never invent one. No thing: {"things": []}.'
)
SHORT = "Lemon drizzle cake\nIngredients\n2 tbsp sugar\nPreheat the oven\nBake 40 minutes"
LONG = ("Lemon drizzle cake\n" + "\n".join(f"Step {i}: whisk the eggs, sugar and butter, then fold in the flour."
                                          for i in range(1, 60)))[:4000]


def body(text, response_format):
    return {"model": "local", "temperature": 0, "response_format": response_format,
            "messages": [{"role": "system", "content": INSTRUCTIONS},
                         {"role": "user", "content": "Text read from the capture:\n" + text}]}


def valid(content):
    try:
        answer = json.loads(content)
    except ValueError:
        return False
    things = answer.get("things") if isinstance(answer, dict) else None
    if not isinstance(things, list) or len(things) > 5:
        return False
    return all(isinstance(t, dict) and t.get("kind") in KINDS and isinstance(t.get("name"), str)
               and 0 < len(t["name"].strip()) <= 200 for t in things)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    binary = os.path.join(ROOT, VERSION, "llama-server")
    model = os.path.join(ROOT, "tiny-llama-12.gguf")
    started = time.monotonic()
    server = subprocess.Popen([binary, "--model", model, "--host", "127.0.0.1", "--port", "0", "--ctx-size", "8192",
                               "--parallel", "1", "--threads", str(args.threads), "--no-warmup", "--no-webui"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    port = None
    for line in server.stdout:
        found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if found:
            port = int(found.group(1))
            break
    ready = time.monotonic() - started
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
    url = f"http://127.0.0.1:{port}/v1/chat/completions"
    right = {"type": "json_schema", "json_schema": {"name": "things", "strict": True, "schema": SCHEMA}}
    wrong = {"type": "json_schema", "json_schema": SCHEMA}
    print(f"llama-server {VERSION}, model {os.path.getsize(model)} bytes: listening with the model loaded "
          f"{ready * 1000:.0f} ms after start")
    try:
        for name, text, response_format in [("short", SHORT, right), ("long", LONG, right),
                                            ("short, schema misplaced", SHORT, wrong)]:
            walls, prompt_ms, gen_ms, prompt_n, gen_n, valids = [], [], [], [], [], 0
            for _ in range(args.rounds):
                data = json.dumps(body(text, response_format)).encode()
                request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
                t0 = time.monotonic()
                answer = json.load(urllib.request.urlopen(request, timeout=120))
                walls.append((time.monotonic() - t0) * 1000)
                timings = answer.get("timings", {})
                prompt_ms.append(timings.get("prompt_ms", 0))
                gen_ms.append(timings.get("predicted_ms", 0))
                prompt_n.append(timings.get("prompt_n", 0))
                gen_n.append(timings.get("predicted_n", 0))
                valids += valid(answer["choices"][0]["message"]["content"])
            print(f"{name}: wall median {statistics.median(walls):.1f} ms (min {min(walls):.1f}, max {max(walls):.1f}); "
                  f"server prompt {statistics.median(prompt_ms):.1f} ms for {max(prompt_n)} tokens (cached after the "
                  f"first: min {min(prompt_n)}), generation {statistics.median(gen_ms):.1f} ms for "
                  f"{statistics.median(gen_n):.0f} tokens; valid {valids}/{args.rounds}; last answer "
                  f"{answer['choices'][0]['message']['content'][:120]!r}")
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
