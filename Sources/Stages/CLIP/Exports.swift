/// The CLIP family adapts the CLIPModel library (the network, tokenizer, preprocessing); importing the family brings it.
@_exported import CLIPModel
