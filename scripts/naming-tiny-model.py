#!/usr/bin/env python3
"""Writes a tiny llama-architecture GGUF with seeded random weights, for the naming stage's real-server tests.

    scripts/naming-tiny-model.py --out DIR [--seed 12]    # prints the file's path

Dev-time only (Python never runs when indexing). The model knows nothing: its weights are random (normal, seeded),
so what it says is noise, but llama.cpp's server loads it in milliseconds and decodes it under a grammar exactly as
it would a real model, which is what Tests/NamingServerTests needs (requests accepted, the schema reaching the
grammar, timeouts, a server killed mid-run). Its tokenizer is SentencePiece-style ("llama") with the 256 byte
tokens only (byte fallback), so it can spell any text, and a ChatML template with <|im_start|>/<|im_end|>.
The same seed gives the same bytes; the file is written to DIR/tiny-llama-<seed>.gguf, skipped when present.
Needs the PyPI `gguf` and `numpy` packages (scripts/setup --dev installs them).
"""
import argparse
import os
import sys

import numpy as np

VOCAB_SPECIAL = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"]
N_EMBD, N_HEAD, N_HEAD_KV, N_LAYER, N_FF, N_CTX = 64, 4, 2, 2, 128, 8192
CHAT_TEMPLATE = (
    "{% for message in messages %}{{ message['role'] }}: {{ message['content'] }}\n"
    "{% endfor %}{% if add_generation_prompt %}assistant:{% endif %}"
)


def write(path, seed):
    import gguf

    rng = np.random.default_rng(seed)
    tokens = VOCAB_SPECIAL + [f"<0x{b:02X}>" for b in range(256)]
    types = ([gguf.TokenType.UNKNOWN, gguf.TokenType.CONTROL, gguf.TokenType.CONTROL, gguf.TokenType.CONTROL,
              gguf.TokenType.CONTROL] + [gguf.TokenType.BYTE] * 256)
    n_vocab = len(tokens)
    head_dim = N_EMBD // N_HEAD

    writer = gguf.GGUFWriter(path, "llama")
    writer.add_name(f"pool-pipeline tiny random llama (seed {seed})")
    writer.add_context_length(N_CTX)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(N_LAYER)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD_KV)
    writer.add_rope_dimension_count(head_dim)
    writer.add_rope_freq_base(10000.0)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores([0.0] * n_vocab)
    writer.add_token_types(types)
    writer.add_unk_token_id(0)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(4)       # <|im_end|> ends an answer
    writer.add_eot_token_id(4)
    writer.add_add_bos_token(True)
    writer.add_add_eos_token(False)
    writer.add_add_space_prefix(False)   # the chat grammar starts with the generation prompt, matched byte for byte
    writer.add_chat_template(CHAT_TEMPLATE)

    def weight(*shape, scale=0.08):
        return (rng.standard_normal(shape) * scale).astype(np.float32)

    # numpy shapes are ggml's reversed: token_embd is ne {n_embd, n_vocab}, so numpy (n_vocab, n_embd).
    writer.add_tensor("token_embd.weight", weight(n_vocab, N_EMBD, scale=1.0))
    for layer in range(N_LAYER):
        prefix = f"blk.{layer}."
        writer.add_tensor(prefix + "attn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        writer.add_tensor(prefix + "attn_q.weight", weight(N_HEAD * head_dim, N_EMBD))
        writer.add_tensor(prefix + "attn_k.weight", weight(N_HEAD_KV * head_dim, N_EMBD))
        writer.add_tensor(prefix + "attn_v.weight", weight(N_HEAD_KV * head_dim, N_EMBD))
        writer.add_tensor(prefix + "attn_output.weight", weight(N_EMBD, N_HEAD * head_dim))
        writer.add_tensor(prefix + "ffn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        writer.add_tensor(prefix + "ffn_gate.weight", weight(N_FF, N_EMBD))
        writer.add_tensor(prefix + "ffn_up.weight", weight(N_FF, N_EMBD))
        writer.add_tensor(prefix + "ffn_down.weight", weight(N_EMBD, N_FF))
    writer.add_tensor("output_norm.weight", np.ones(N_EMBD, dtype=np.float32))
    writer.add_tensor("output.weight", weight(n_vocab, N_EMBD, scale=1.0))

    tmp = path + ".tmp"
    writer.path = tmp
    writer.write_header_to_file(path=tmp)
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    os.replace(tmp, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="folder the model is written to")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, f"tiny-llama-{args.seed}.gguf")
    if not os.path.exists(path):
        write(path, args.seed)
    print(path)


if __name__ == "__main__":
    sys.exit(main())
