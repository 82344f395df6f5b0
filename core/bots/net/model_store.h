// Where `net` bots get their models: files read once per process and shared by every
// bot and thread (a file changed on disk is read again), and the folder of the models
// shipped with galaxysim (the Python package sets it when it is imported: galaxysim/models).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "bots/net/model.h"

namespace gs::bots::net {

// The model in a file (read and checked the first time, or again when its size or
// modification time changed). Throws ModelError.
std::shared_ptr<const Model> load_model(const std::string& path);

// The folder of the shipped models ("" until set).
void set_model_directory(const std::string& dir);
std::string model_directory();

// The shipped model for a game configuration: the first of `names` (file names without
// ".gsnet", most specific first) found in the model folder. Throws ModelError naming what
// was looked for when there is none.
std::shared_ptr<const Model> shipped_model(const std::vector<std::string>& names, const std::string& configuration);

}  // namespace gs::bots::net
